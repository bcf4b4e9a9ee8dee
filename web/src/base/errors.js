// How an input error is shown: where (file, line) once, then the problem.

/** e.message without a leading "FILE:LINE: " or "FILE: " (the core's), which is shown once before it. */
export function withoutLocation({ file, line, message }) {
  for (const prefix of [line ? `${file}:${line}: ` : null, `${file}: `]) if (prefix && message.startsWith(prefix)) return message.slice(prefix.length);
  return message;
}
