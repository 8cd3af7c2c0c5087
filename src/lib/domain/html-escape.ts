/**
 * Text made safe inside HTML or XML (SVG): as element text and inside a double- or single-quoted
 * attribute value. The one escape of the project's hand-written markup (the mails, the ticket QR
 * and wallet marks, the favicon, the responsive `<picture>`); Astro templates escape on their own.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
