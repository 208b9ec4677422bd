import type { Locator } from '@playwright/test';

/** True once the chart's canvas has drawn something (some pixel is not transparent). */
export async function canvasHasDrawn(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || node.width === 0 || node.height === 0) return false;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
    return false;
  });
}

/**
 * True when some opaque pixel of the canvas has this colour, given as `#rrggbb` or as a computed CSS
 * `rgb(r, g, b)`, give or take antialiasing.
 */
export async function canvasHasColor(canvas: Locator, color: string): Promise<boolean> {
  const rgb = color.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
    : (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  return canvas.evaluate((element, [r, g, b]) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || r === undefined || g === undefined || b === undefined) return false;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    const near = (a: number | undefined, c: number) => Math.abs((a ?? -99) - c) <= 2;
    for (let i = 0; i < data.length; i += 4) {
      if (near(data[i], r) && near(data[i + 1], g) && near(data[i + 2], b) && (data[i + 3] ?? 0) > 250)
        return true;
    }
    return false;
  }, rgb);
}
