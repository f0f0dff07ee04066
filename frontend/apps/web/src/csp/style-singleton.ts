// react-style-singleton, as Radix's scroll lock (react-remove-scroll) uses it, without <style>
// elements: the Content-Security-Policy (style-src 'self', platform/httpsec) refuses injected
// style elements, so a modal dialog would lock scrolling only after a CSP violation. A
// constructed stylesheet in document.adoptedStyleSheets is CSSOM, which the policy allows. The
// app's vite.config aliases the package to this file; the API (styleSingleton,
// styleHookSingleton, stylesheetSingleton) and its semantics are the package's (v2.2.3).
import { useEffect, type FC } from 'react';

interface Sheet {
  add: (css: string) => void;
  remove: () => void;
}

const constructable = typeof document !== 'undefined' && 'adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;

/** One stylesheet, present while at least one user holds it. */
export function stylesheetSingleton(): Sheet {
  let counter = 0;
  let remove: (() => void) | null = null;
  return {
    add(css) {
      if (counter++ > 0 || typeof document === 'undefined') return;
      if (constructable) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        remove = () => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet));
      } else {
        // Where constructed sheets are missing (jsdom in tests), the package's way.
        const tag = document.createElement('style');
        tag.appendChild(document.createTextNode(css));
        document.head.appendChild(tag);
        remove = () => tag.remove();
      }
    },
    remove() {
      if (--counter === 0 && remove) {
        remove();
        remove = null;
      }
    },
  };
}

export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles, isDynamic) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]); // eslint-disable-line react-hooks/exhaustive-deps
  };
}

export function styleSingleton(): FC<{ styles: string; dynamic?: boolean }> {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
