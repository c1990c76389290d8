/**
 * The document form (SPEC.md §3 "Document", §5 "Upload document"), shared by the upload and the
 * edit dialog (DocumentFormDialog.tsx): type, name, the link, and where the original is kept.
 * The file of a file document is not a form field: the dialog passes it beside the changed fields.
 */
import type { LegalDocument } from '../../../shared/schema';
import type { DocumentType } from '../../../shared/schema/document';

export interface DocumentFormValues {
  documentType: DocumentType | '';
  documentName: string;
  documentUrl: string;
  originalLocation: string;
}

/** The form's values for editing `d` (the empty form for null). */
export function documentToForm(d: LegalDocument | null): DocumentFormValues {
  return {
    documentType: d?.documentType ?? '',
    documentName: d?.documentName ?? '',
    documentUrl: d?.documentUrl ?? '',
    originalLocation: d?.originalLocation ?? '',
  };
}

/**
 * Record fields of (some of) `values`: only the fields given (an edit writes only what changed),
 * texts trimmed, an empty place of the original as null (createRecord leaves an unset type out).
 */
export function formToDocument(values: Partial<DocumentFormValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values.documentType !== undefined) out.documentType = values.documentType;
  if (values.documentName !== undefined) out.documentName = values.documentName.trim();
  if (values.documentUrl !== undefined) out.documentUrl = values.documentUrl.trim();
  if (values.originalLocation !== undefined) out.originalLocation = values.originalLocation.trim() || null;
  return out;
}

/**
 * A link as the person meant it: "example.com/will" means https://example.com/will, so a link typed
 * without its scheme is completed rather than refused (issue "Promises kept", finding 8). A blank
 * link, or one with a scheme (any: httpUrlSchema refuses the wrong ones), is returned as typed.
 */
export function completeUrl(typed: string): string {
  const t = typed.trim();
  return t && !/^[a-z][a-z0-9+.-]*:/i.test(t) ? `https://${t}` : typed;
}
