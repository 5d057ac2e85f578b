// An error smtp-server answers with its own reply code (err.responseCode) and text. The text
// carries the enhanced status code (RFC 3463) first, written by hand: "5.7.8 …".
export type SmtpError = Error & { responseCode: number };

export function smtpError(code: number, message: string): SmtpError {
  return Object.assign(new Error(message), { responseCode: code });
}

export const isSmtpError = (err: unknown): err is SmtpError =>
  err instanceof Error && typeof (err as Partial<SmtpError>).responseCode === "number";
