// The drawing kit of the demo pictures: a picture's description and the few canvas shapes
// (gradients, rounded boxes, text, lines, circles, clouds) the pictures are drawn from.
export type Ctx = OffscreenCanvasRenderingContext2D;

/** One demo picture: what the seed calls it, its original file name, its size, alt text and art. */
export interface DemoPicture {
  key: string;
  name: string;
  width: number;
  height: number;
  alt: string;
  draw(ctx: Ctx, w: number, h: number): void;
}

const FONT = '"DejaVu Sans", "Liberation Sans", sans-serif';
export const MONO = '"DejaVu Sans Mono", "Liberation Mono", monospace';

export function gradient(ctx: Ctx, w: number, h: number, stops: string[], angle: "down" | "diagonal" = "diagonal") {
  const g = angle === "down" ? ctx.createLinearGradient(0, 0, 0, h) : ctx.createLinearGradient(0, 0, w, h);
  stops.forEach((c, i) => g.addColorStop(i / (stops.length - 1), c));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

export function box(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill: string, stroke?: string, lineWidth = 4) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.stroke();
  }
}

export function text(
  ctx: Ctx,
  value: string,
  x: number,
  y: number,
  size: number,
  colour: string,
  { font = FONT, weight = "bold", align = "center" as CanvasTextAlign } = {},
) {
  ctx.font = `${weight} ${size}px ${font}`;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = "middle";
  ctx.fillText(value, x, y);
}

export function line(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, colour: string, width: number) {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.stroke();
}

export function circle(ctx: Ctx, x: number, y: number, r: number, fill: string) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function clouds(ctx: Ctx, spots: [number, number, number][], colour = "rgba(255,255,255,0.9)") {
  for (const [x, y, r] of spots) {
    circle(ctx, x, y, r, colour);
    circle(ctx, x + r * 0.9, y + r * 0.2, r * 0.75, colour);
    circle(ctx, x - r * 0.9, y + r * 0.25, r * 0.65, colour);
  }
}

/** A film poster's title, in lines, low on the poster. */
export function posterTitle(ctx: Ctx, lines: string[], w: number, h: number, colour: string) {
  lines.forEach((l, i) => text(ctx, l, w / 2, h * 0.8 + i * 44, 38, colour, { font: '"DejaVu Serif", serif' }));
}
