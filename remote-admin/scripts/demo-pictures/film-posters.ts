// The seen films' posters: illustrated, each with the film's title low on the poster.
import { box, circle, gradient, posterTitle, type DemoPicture } from "./canvas-art";

export const FILM_POSTERS: DemoPicture[] = [
  {
    key: "poster-once-upon-a-time-in-anatolia",
    name: "anatolia-poster.png",
    width: 400,
    height: 600,
    alt: "Illustrated poster for Once Upon a Time in Anatolia: three pairs of car headlights crossing dark hills under a deep blue night sky",
    draw(ctx, w, h) {
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
    },
  },
  {
    key: "poster-another-year",
    name: "another-year-poster.png",
    width: 400,
    height: 600,
    alt: "Illustrated poster for Another Year: a green allotment garden with rows of plants and a small red shed under a pale yellow sky",
    draw(ctx, w, h) {
      gradient(ctx, w, h, ["#fef9c3", "#fde68a"], "down");
      ctx.fillStyle = "#4d7c0f";
      ctx.fillRect(0, h * 0.45, w, h * 0.55);
      for (let row = 0; row < 4; row++) for (let x = 30; x < w; x += 60) circle(ctx, x + (row % 2) * 30, h * (0.5 + row * 0.06), 14, "#84cc16");
      box(ctx, w * 0.62, h * 0.3, w * 0.26, h * 0.16, 4, "#b91c1c");
      box(ctx, w * 0.71, h * 0.37, w * 0.08, h * 0.09, 2, "#451a03");
      posterTitle(ctx, ["Another Year"], w, h, "#fefce8");
    },
  },
  {
    key: "poster-the-motorcycle-diaries",
    name: "motorcycle-diaries-poster.png",
    width: 400,
    height: 600,
    alt: "Illustrated poster for The Motorcycle Diaries: two riders on a motorcycle on a long straight road through orange hills toward distant mountains",
    draw(ctx, w, h) {
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
    },
  },
];
