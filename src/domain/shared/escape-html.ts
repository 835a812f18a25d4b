// Text made safe to stand inside HTML or XML, between tags or in a quoted attribute: the five
// characters that could end a text or an attribute become entities. For the documents the server
// writes itself (e-mails, the checkout page, the sitemap) and each page's head (page-head.ts).
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c)
