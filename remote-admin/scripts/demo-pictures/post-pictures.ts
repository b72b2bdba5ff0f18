// The blog posts' cover pictures and the diagram inside a post.
import { MONO, box, circle, clouds, gradient, line, text, type DemoPicture } from "./canvas-art";

export const POST_PICTURES: DemoPicture[] = [
  {
    key: "cover-module-federation-without-tears",
    name: "module-federation-cover.png",
    width: 1280,
    height: 720,
    alt: "Diagram: a large box labelled shell holding two smaller boxes, home and admin, while a third, blog, slides down into it, on a blue-to-violet gradient",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "cover-error-boundaries-for-remotes",
    name: "retry-button-cover.png",
    width: 1280,
    height: 720,
    alt: "A browser window whose middle panel failed to load, showing the message This part could not load and a Retry button",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "cover-testing-with-emulators",
    name: "offline-tests-cover.png",
    width: 1280,
    height: 720,
    alt: "A terminal window reading “412 tests passed, offline” in green, floating over a blue sky with white clouds",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "diagram-what-runs-where",
    name: "what-runs-where.png",
    width: 960,
    height: 540,
    alt: "Diagram: the tests on the left talk to three local servers on the right, the Auth emulator on port 9099, the database server on port 9000 and the Storage server on port 9199",
    draw(ctx, w, h) {
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
    },
  },
];
