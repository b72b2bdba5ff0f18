// The portrait of the About section and the free-time projects' pictures.
import { MONO, box, circle, clouds, gradient, line, text, type DemoPicture } from "./canvas-art";

export const SITE_PICTURES: DemoPicture[] = [
  {
    key: "avatar",
    name: "maya-lindqvist-portrait.png",
    width: 640,
    height: 640,
    alt: "Illustrated portrait of Maya Lindqvist: a smiling woman with a dark brown bob and round glasses, in a navy top, against a teal-to-peach background",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "project-rtdb-lite",
    name: "rtdb-lite-diagram.png",
    width: 960,
    height: 600,
    alt: "Diagram of rtdb-lite: a server box in the middle linked to four boxes labelled SDK, WebSocket, REST and Rules, on a dark navy background",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "project-figma-contrast",
    name: "contrast-checker.png",
    width: 960,
    height: 600,
    alt: "Two panels, light and dark, each showing the letters Aa above a row of four colour swatches, with a contrast ratio of 4.8 to 1 marked as passing",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "project-filmlogg",
    name: "filmlogg.png",
    width: 960,
    height: 600,
    alt: "A strip of film frames across a deep red background, above a small bar chart of films watched per year",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "project-tiny-forms",
    name: "tiny-forms.png",
    width: 960,
    height: 600,
    alt: "A sign-up form card with Email and Password fields; the Email field is outlined in red with the message Enter an email address",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "project-tram-ink",
    name: "tram-ink.png",
    width: 960,
    height: 600,
    alt: "An e-ink display in a wooden frame listing the next trams, line 6 in 3 minutes and line 11 in 7 minutes, and the weather, 4 °C and cloudy",
    draw(ctx, w, h) {
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
    },
  },
];
