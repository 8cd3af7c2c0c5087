/** An inline image of a mailbox mail (/_mail/{id}/attachment/{cid}); other types download. */
import type { APIRoute } from "astro";
import { mailboxAttachment, mailboxEnabled } from "../../../../lib/server/page-data/mail/mailbox.ts";

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const notFound = new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!mailboxEnabled()) return notFound;
  const found = await mailboxAttachment(params.id ?? "", params.cid ?? "");
  if (!found) return notFound;
  const safeName = found.filename.replace(/[^\w.-]+/g, "_").slice(0, 100) || "attachment";
  return new Response(new Uint8Array(found.content), {
    status: 200,
    headers: {
      "Content-Type": found.contentType,
      "Content-Disposition": `${found.inline ? "inline" : "attachment"}; filename="${safeName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
};
