// Downloads: a file offered to the browser, and a Vega chart saved as SVG or PNG with its provenance
// embedded (base/exports.js svgWithProvenance, pngWithProvenance). The DOM half of the exports,
// moved from base/exports.js, which keeps what the files hold.
import { svgWithProvenance, pngWithProvenance } from '../base/exports.js';

/** Offers `data` (string or bytes) as a download named `name`. */
export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Exports a Vega view as SVG or PNG with provenance. */
export async function exportChart(view, name, format, prov) {
  if (format === 'svg') {
    download(`${name}.svg`, svgWithProvenance(await view.toSVG(), prov), 'image/svg+xml');
  } else {
    const canvas = await view.toCanvas(2);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const png = new Uint8Array(await blob.arrayBuffer());
    download(`${name}.png`, pngWithProvenance(png, prov), 'image/png');
  }
}
