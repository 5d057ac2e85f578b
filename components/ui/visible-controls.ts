// Text a sender wrote (a subject, a file name) shown with its invisible format characters made
// visible: a direction override (U+202E) would otherwise show "invoice‮fdp.exe" as
// "invoiceexe.pdf". Each becomes ⟨U+202E⟩; everything else is left as it is.
export const visibleControls = (text: string) =>
  text.replace(/\p{Cf}/gu, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
