// The demo pictures, drawn as generated art: the About section's portrait, the free-time
// projects' pictures, the posts' covers and diagram, and the seen films' posters. Each picture's
// art is a function below; the table at the end names, sizes and describes them.
import { MONO, box, circle, clouds, gradient, line, posterTitle, text, type Ctx, type DemoPicture } from "./canvas-art";

/** The sizes the site shows them at: the portrait, a project's picture, a post's cover, a diagram in a post, a film's poster. */
const PORTRAIT = { width: 640, height: 640 };
const PROJECT = { width: 960, height: 600 };
const COVER = { width: 1280, height: 720 };
const DIAGRAM = { width: 960, height: 540 };
const POSTER = { width: 400, height: 600 };

function drawAvatar(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#1b6f73", "#6fa8a0", "#f2a65a"]);
  // Shoulders and neck.
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 1.02, w * 0.36, h * 0.3, 0, Math.PI, 0);
  ctx.fillStyle = "#1e2a4a";
  ctx.fill();
  box(ctx, w * 0.45, h * 0.58, w * 0.1, h * 0.14, 12, "#d9a27e");
  // Hair behind, face, fringe.
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.44, w * 0.2, h * 0.22, 0, 0, Math.PI * 2);
  ctx.fillStyle = "#3b2a20";
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.46, w * 0.15, h * 0.18, 0, 0, Math.PI * 2);
  ctx.fillStyle = "#e8b894";
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.33, w * 0.17, h * 0.08, 0, Math.PI, 0);
  ctx.fillStyle = "#3b2a20";
  ctx.fill();
  // Round glasses, eyes and a smile.
  for (const dx of [-0.065, 0.065]) {
    ctx.beginPath();
    ctx.arc(w * (0.5 + dx), h * 0.45, w * 0.045, 0, Math.PI * 2);
    ctx.strokeStyle = "#2b2b2b";
    ctx.lineWidth = 5;
    ctx.stroke();
    circle(ctx, w * (0.5 + dx), h * 0.45, 6, "#2b2b2b");
  }
  line(ctx, w * 0.475, h * 0.45, w * 0.525, h * 0.45, "#2b2b2b", 5);
  ctx.beginPath();
  ctx.arc(w / 2, h * 0.52, w * 0.05, 0.15 * Math.PI, 0.85 * Math.PI);
  ctx.strokeStyle = "#9c4a3c";
  ctx.lineWidth = 6;
  ctx.stroke();
}

function drawProjectRtdbLite(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#0f172a", "#1e293b"], "down");
  const centre = [w / 2, h / 2] as const;
  const around: [string, number, number][] = [
    ["SDK", w * 0.18, h * 0.22],
    ["WebSocket", w * 0.82, h * 0.22],
    ["REST", w * 0.18, h * 0.78],
    ["Rules", w * 0.82, h * 0.78],
  ];
  for (const [, x, y] of around) line(ctx, centre[0], centre[1], x, y, "#38bdf8", 6);
  for (const [label, x, y] of around) {
    box(ctx, x - 110, y - 40, 220, 80, 16, "#1e3a5f", "#38bdf8");
    text(ctx, label, x, y, 30, "#e0f2fe");
  }
  box(ctx, centre[0] - 150, centre[1] - 60, 300, 120, 20, "#f59e0b", "#fde68a", 6);
  text(ctx, "rtdb-lite", centre[0], centre[1], 42, "#1c1917", { font: MONO });
}

function drawProjectFigmaContrast(ctx: Ctx, w: number, h: number) {
  ctx.fillStyle = "#f8fafc";
  ctx.fillRect(0, 0, w / 2, h);
  ctx.fillStyle = "#111827";
  ctx.fillRect(w / 2, 0, w / 2, h);
  const swatches = ["#2563eb", "#16a34a", "#db2777", "#ea580c"];
  for (const [x0, fg] of [
    [0, "#111827"],
    [w / 2, "#f8fafc"],
  ] as const) {
    text(ctx, "Aa", x0 + w / 4, h * 0.3, 150, fg, { font: '"DejaVu Serif", serif' });
    swatches.forEach((c, i) => box(ctx, x0 + 50 + i * 100, h * 0.55, 80, 80, 12, c));
    box(ctx, x0 + 70, h * 0.77, w / 2 - 140, 70, 35, "#15803d");
    text(ctx, "✓ 4.8 : 1  AA", x0 + w / 4, h * 0.77 + 35, 32, "#ffffff");
  }
}

function drawProjectFilmlogg(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#7f1d1d", "#450a0a"]);
  ctx.fillStyle = "#111";
  ctx.fillRect(0, h * 0.12, w, h * 0.4);
  for (let x = 12; x < w; x += 48) {
    box(ctx, x, h * 0.14, 26, 18, 4, "#f5f5f4");
    box(ctx, x, h * 0.47, 26, 18, 4, "#f5f5f4");
  }
  const tints = ["#fbbf24", "#60a5fa", "#f472b6", "#34d399", "#a78bfa"];
  tints.forEach((c, i) => box(ctx, 24 + i * 188, h * 0.2, 164, h * 0.24, 6, c));
  const bars = [38, 52, 61, 47, 70, 44, 58];
  bars.forEach((v, i) => {
    const bh = (v / 70) * h * 0.3;
    box(ctx, 120 + i * 110, h * 0.93 - bh, 70, bh, 8, "#fca5a5");
  });
  line(ctx, 90, h * 0.93, w - 90, h * 0.93, "#fecaca", 4);
}

function drawProjectTinyForms(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#e0e7ff", "#c7d2fe"]);
  box(ctx, w * 0.2, h * 0.08, w * 0.6, h * 0.84, 24, "#ffffff", "#a5b4fc");
  const left = w * 0.26;
  text(ctx, "Sign up", left, h * 0.17, 40, "#1e1b4b", { align: "left" });
  text(ctx, "Email", left, h * 0.28, 26, "#312e81", { align: "left" });
  box(ctx, left, h * 0.32, w * 0.48, 60, 10, "#fff1f2", "#dc2626", 4);
  text(ctx, "⚠ Enter an email address", left, h * 0.47, 24, "#b91c1c", { align: "left", weight: "normal" });
  text(ctx, "Password", left, h * 0.56, 26, "#312e81", { align: "left" });
  box(ctx, left, h * 0.6, w * 0.48, 60, 10, "#ffffff", "#6366f1", 4);
  text(ctx, "••••••••", left + 20, h * 0.6 + 30, 28, "#4338ca", { align: "left" });
  box(ctx, left, h * 0.76, 200, 64, 12, "#4f46e5");
  text(ctx, "Sign up", left + 100, h * 0.76 + 32, 28, "#ffffff");
}

function drawProjectTramInk(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#d6d3d1", "#a8a29e"], "down");
  box(ctx, w * 0.1, h * 0.08, w * 0.8, h * 0.84, 20, "#92613a", "#6b4423", 8);
  box(ctx, w * 0.14, h * 0.14, w * 0.72, h * 0.72, 8, "#e7e5e4");
  const left = w * 0.19;
  const right = w * 0.81;
  text(ctx, "Next trams", left, h * 0.24, 36, "#1c1917", { align: "left" });
  text(ctx, "6  Kortedala", left, h * 0.38, 34, "#292524", { align: "left", weight: "normal" });
  text(ctx, "3 min", right, h * 0.38, 34, "#292524", { align: "right" });
  text(ctx, "11  Saltholmen", left, h * 0.5, 34, "#292524", { align: "left", weight: "normal" });
  text(ctx, "7 min", right, h * 0.5, 34, "#292524", { align: "right" });
  line(ctx, left, h * 0.6, right, h * 0.6, "#57534e", 3);
  clouds(ctx, [[left + 50, h * 0.72, 24]], "#78716c");
  text(ctx, "4 °C, cloudy", left + 120, h * 0.72, 34, "#292524", { align: "left", weight: "normal" });
}

function drawCoverModuleFederationWithoutTears(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#1d4ed8", "#6d28d9"]);
  box(ctx, w * 0.12, h * 0.42, w * 0.76, h * 0.44, 28, "rgba(255,255,255,0.12)", "#e0e7ff", 6);
  text(ctx, "shell", w / 2, h * 0.78, 56, "#e0e7ff", { font: MONO });
  const remotes: [string, string][] = [
    ["home", "#fbbf24"],
    ["blog", "#34d399"],
    ["admin", "#f472b6"],
  ];
  remotes.forEach(([label, colour], i) => {
    const x = w * (0.2 + i * 0.22);
    const y = i === 1 ? h * 0.12 : h * 0.48;
    box(ctx, x, y, w * 0.16, h * 0.2, 18, colour);
    text(ctx, label, x + w * 0.08, y + h * 0.1, 44, "#1f2937", { font: MONO });
    if (i === 1) {
      for (let k = 0; k < 3; k++) line(ctx, x + w * 0.08, y + h * 0.24 + k * 26, x + w * 0.08, y + h * 0.24 + k * 26 + 12, "#e0e7ff", 6);
    }
  });
}

function drawCoverErrorBoundariesForRemotes(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#fde68a", "#fb923c"]);
  box(ctx, w * 0.1, h * 0.1, w * 0.8, h * 0.8, 22, "#ffffff", "#78350f", 6);
  ctx.fillStyle = "#f5f5f4";
  ctx.fillRect(w * 0.1 + 3, h * 0.1 + 3, w * 0.8 - 6, 60);
  ["#ef4444", "#f59e0b", "#22c55e"].forEach((c, i) => circle(ctx, w * 0.1 + 40 + i * 34, h * 0.1 + 33, 11, c));
  box(ctx, w * 0.14, h * 0.26, w * 0.72, h * 0.08, 10, "#e7e5e4");
  box(ctx, w * 0.14, h * 0.38, w * 0.72, h * 0.44, 14, "#fff7ed", "#ea580c", 4);
  text(ctx, "This part could not load", w / 2, h * 0.5, 44, "#7c2d12");
  box(ctx, w / 2 - 120, h * 0.6, 240, 80, 14, "#c2410c");
  text(ctx, "↻ Retry", w / 2, h * 0.6 + 40, 40, "#ffffff");
}

function drawCoverTestingWithEmulators(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#0ea5e9", "#bae6fd"], "down");
  clouds(ctx, [
    [w * 0.12, h * 0.2, 50],
    [w * 0.86, h * 0.16, 40],
    [w * 0.78, h * 0.86, 60],
    [w * 0.16, h * 0.84, 44],
  ]);
  box(ctx, w * 0.2, h * 0.24, w * 0.6, h * 0.52, 20, "#0f172a", "#334155", 4);
  ["#ef4444", "#f59e0b", "#22c55e"].forEach((c, i) => circle(ctx, w * 0.2 + 34 + i * 30, h * 0.24 + 30, 9, c));
  const left = w * 0.24;
  text(ctx, "$ npm test", left, h * 0.4, 36, "#e2e8f0", { font: MONO, align: "left", weight: "normal" });
  text(ctx, "✓ 412 tests passed, offline", left, h * 0.52, 36, "#4ade80", { font: MONO, align: "left" });
  text(ctx, "$ _", left, h * 0.64, 36, "#e2e8f0", { font: MONO, align: "left", weight: "normal" });
}

function drawDiagramWhatRunsWhere(ctx: Ctx, w: number, h: number) {
  ctx.fillStyle = "#f8fafc";
  ctx.fillRect(0, 0, w, h);
  box(ctx, w * 0.05, h * 0.35, w * 0.26, h * 0.3, 18, "#ede9fe", "#7c3aed");
  text(ctx, "Tests", w * 0.18, h * 0.46, 34, "#4c1d95");
  text(ctx, "real SDK", w * 0.18, h * 0.55, 24, "#5b21b6", { weight: "normal" });
  const servers: [string, string, string, string][] = [
    ["Auth emulator", ":9099", "#fef3c7", "#d97706"],
    ["Database server", ":9000", "#dcfce7", "#16a34a"],
    ["Storage server", ":9199", "#e0f2fe", "#0284c7"],
  ];
  servers.forEach(([label, port, fill, stroke], i) => {
    const y = h * (0.08 + i * 0.31);
    line(ctx, w * 0.31, h * 0.5, w * 0.55, y + h * 0.12, "#94a3b8", 5);
    box(ctx, w * 0.55, y, w * 0.4, h * 0.24, 16, fill, stroke);
    text(ctx, label, w * 0.75, y + h * 0.08, 30, "#0f172a");
    text(ctx, port, w * 0.75, y + h * 0.16, 26, "#334155", { font: MONO, weight: "normal" });
  });
}

function drawPosterOnceUponATimeInAnatolia(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#0b1a3a", "#1e3a8a", "#0b1a3a"], "down");
  ctx.beginPath();
  ctx.moveTo(0, h * 0.62);
  ctx.quadraticCurveTo(w * 0.3, h * 0.45, w * 0.6, h * 0.55);
  ctx.quadraticCurveTo(w * 0.85, h * 0.62, w, h * 0.5);
  ctx.lineTo(w, h);
  ctx.lineTo(0, h);
  ctx.fillStyle = "#111827";
  ctx.fill();
  for (const [x, y] of [
    [0.25, 0.55],
    [0.5, 0.58],
    [0.75, 0.6],
  ])
    for (const dx of [-8, 8]) circle(ctx, w * x! + dx, h * y!, 5, "#fef08a");
  posterTitle(ctx, ["Once Upon a Time", "in Anatolia"], w, h, "#f8fafc");
}

function drawPosterAnotherYear(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#fef9c3", "#fde68a"], "down");
  ctx.fillStyle = "#4d7c0f";
  ctx.fillRect(0, h * 0.45, w, h * 0.55);
  for (let row = 0; row < 4; row++) for (let x = 30; x < w; x += 60) circle(ctx, x + (row % 2) * 30, h * (0.5 + row * 0.06), 14, "#84cc16");
  box(ctx, w * 0.62, h * 0.3, w * 0.26, h * 0.16, 4, "#b91c1c");
  box(ctx, w * 0.71, h * 0.37, w * 0.08, h * 0.09, 2, "#451a03");
  posterTitle(ctx, ["Another Year"], w, h, "#fefce8");
}

function drawPosterTheMotorcycleDiaries(ctx: Ctx, w: number, h: number) {
  gradient(ctx, w, h, ["#fed7aa", "#fb923c"], "down");
  ctx.beginPath();
  ctx.moveTo(0, h * 0.4);
  for (const [x, y] of [
    [0.2, 0.28],
    [0.4, 0.36],
    [0.6, 0.24],
    [0.85, 0.34],
    [1, 0.3],
  ])
    ctx.lineTo(w * x!, h * y!);
  ctx.lineTo(w, h * 0.45);
  ctx.lineTo(0, h * 0.45);
  ctx.fillStyle = "#7c2d12";
  ctx.fill();
  ctx.fillStyle = "#c2410c";
  ctx.fillRect(0, h * 0.45, w, h * 0.55);
  ctx.beginPath();
  ctx.moveTo(w * 0.48, h * 0.45);
  ctx.lineTo(w * 0.52, h * 0.45);
  ctx.lineTo(w * 0.85, h);
  ctx.lineTo(w * 0.15, h);
  ctx.fillStyle = "#57534e";
  ctx.fill();
  circle(ctx, w * 0.44, h * 0.66, 16, "#1c1917");
  circle(ctx, w * 0.56, h * 0.66, 16, "#1c1917");
  box(ctx, w * 0.44, h * 0.6, w * 0.12, 14, 6, "#1c1917");
  circle(ctx, w * 0.47, h * 0.55, 10, "#1c1917");
  circle(ctx, w * 0.52, h * 0.54, 10, "#1c1917");
  posterTitle(ctx, ["The Motorcycle", "Diaries"], w, h, "#fff7ed");
}

export const PICTURES: DemoPicture[] = [
  {
    key: "avatar",
    name: "maya-lindqvist-portrait.png",
    ...PORTRAIT,
    alt: "Illustrated portrait of Maya Lindqvist: a smiling woman with a dark brown bob and round glasses, in a navy top, against a teal-to-peach background",
    draw: drawAvatar,
  },
  {
    key: "project-rtdb-lite",
    name: "rtdb-lite-diagram.png",
    ...PROJECT,
    alt: "Diagram of rtdb-lite: a server box in the middle linked to four boxes labelled SDK, WebSocket, REST and Rules, on a dark navy background",
    draw: drawProjectRtdbLite,
  },
  {
    key: "project-figma-contrast",
    name: "contrast-checker.png",
    ...PROJECT,
    alt: "Two panels, light and dark, each showing the letters Aa above a row of four colour swatches, with a contrast ratio of 4.8 to 1 marked as passing",
    draw: drawProjectFigmaContrast,
  },
  {
    key: "project-filmlogg",
    name: "filmlogg.png",
    ...PROJECT,
    alt: "A strip of film frames across a deep red background, above a small bar chart of films watched per year",
    draw: drawProjectFilmlogg,
  },
  {
    key: "project-tiny-forms",
    name: "tiny-forms.png",
    ...PROJECT,
    alt: "A sign-up form card with Email and Password fields; the Email field is outlined in red with the message Enter an email address",
    draw: drawProjectTinyForms,
  },
  {
    key: "project-tram-ink",
    name: "tram-ink.png",
    ...PROJECT,
    alt: "An e-ink display in a wooden frame listing the next trams, line 6 in 3 minutes and line 11 in 7 minutes, and the weather, 4 °C and cloudy",
    draw: drawProjectTramInk,
  },
  {
    key: "cover-module-federation-without-tears",
    name: "module-federation-cover.png",
    ...COVER,
    alt: "Diagram: a large box labelled shell holding two smaller boxes, home and admin, while a third, blog, slides down into it, on a blue-to-violet gradient",
    draw: drawCoverModuleFederationWithoutTears,
  },
  {
    key: "cover-error-boundaries-for-remotes",
    name: "retry-button-cover.png",
    ...COVER,
    alt: "A browser window whose middle panel failed to load, showing the message This part could not load and a Retry button",
    draw: drawCoverErrorBoundariesForRemotes,
  },
  {
    key: "cover-testing-with-emulators",
    name: "offline-tests-cover.png",
    ...COVER,
    alt: "A terminal window reading “412 tests passed, offline” in green, floating over a blue sky with white clouds",
    draw: drawCoverTestingWithEmulators,
  },
  {
    key: "diagram-what-runs-where",
    name: "what-runs-where.png",
    ...DIAGRAM,
    alt: "Diagram: the tests on the left talk to three local servers on the right, the Auth emulator on port 9099, the database server on port 9000 and the Storage server on port 9199",
    draw: drawDiagramWhatRunsWhere,
  },
  {
    key: "poster-once-upon-a-time-in-anatolia",
    name: "anatolia-poster.png",
    ...POSTER,
    alt: "Illustrated poster for Once Upon a Time in Anatolia: three pairs of car headlights crossing dark hills under a deep blue night sky",
    draw: drawPosterOnceUponATimeInAnatolia,
  },
  {
    key: "poster-another-year",
    name: "another-year-poster.png",
    ...POSTER,
    alt: "Illustrated poster for Another Year: a green allotment garden with rows of plants and a small red shed under a pale yellow sky",
    draw: drawPosterAnotherYear,
  },
  {
    key: "poster-the-motorcycle-diaries",
    name: "motorcycle-diaries-poster.png",
    ...POSTER,
    alt: "Illustrated poster for The Motorcycle Diaries: two riders on a motorcycle on a long straight road through orange hills toward distant mountains",
    draw: drawPosterTheMotorcycleDiaries,
  },
];
