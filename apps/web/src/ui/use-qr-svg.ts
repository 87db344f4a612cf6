import { toString as toSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The QR code of a text as SVG markup (null while it is being drawn, or without a text). Only lazy screens
 * import this: `qrcode` stays off the first screens.
 */
export function useQrSvg(text: string | null) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setSvg(null);
    if (text) {
      void toSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((markup) => {
        if (isCurrent) setSvg(markup);
      });
    }
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return svg;
}

/** SVG markup as an image address (`<img src>`). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
