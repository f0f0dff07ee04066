// W3C Trace Context for the browser's calls (issue 10): every request starts a new trace
// whose root is the user's action, so Jaeger shows one trace from the click to the last
// Kafka consumer. The gateway continues it (CORS allows the header).

function randomHex(bytes: number): string {
  const b = new Uint8Array(bytes);
  // An all-zero id is invalid in W3C Trace Context: draw again (practically never).
  do {
    crypto.getRandomValues(b);
  } while (b.every((x) => x === 0));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** A fresh `traceparent`: version 00, 16-byte trace id, 8-byte span id, flags 01 (sampled). */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

export const TRACEPARENT_RE = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;
