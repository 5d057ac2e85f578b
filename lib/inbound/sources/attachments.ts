// Attachments that providers post apart from the message (form files, base64 JSON), in the
// shape parseMime gives: content types lower-cased, Content-IDs in angle brackets.
import type { InboundAttachment } from "@/lib/inbound/inbound-email";

/** "<id>" as the Content-ID header writes it (mailparser's form), whether the provider kept the brackets or not. */
export function contentIdOf(value: string | null | undefined): string | null {
  const id = value?.trim().replace(/^<(.*)>$/, "$1");
  return id ? `<${id}>` : null;
}

export interface AttachmentMeta {
  filename?: string | null;
  contentType?: string | null;
  contentId?: string | null;
}

export function attachmentOf(content: Buffer, meta: AttachmentMeta): InboundAttachment {
  return {
    filename: meta.filename || "attachment",
    contentType: (meta.contentType || "application/octet-stream").toLowerCase(),
    size: content.length,
    content,
    contentId: contentIdOf(meta.contentId),
  };
}

/** A posted file; what the provider says about it apart (SendGrid's attachment-info) wins over the part's own headers. */
export async function fileAttachment(file: File, meta: AttachmentMeta = {}): Promise<InboundAttachment> {
  return attachmentOf(Buffer.from(await file.arrayBuffer()), {
    ...meta,
    filename: meta.filename || file.name,
    contentType: meta.contentType || file.type,
  });
}
