import { X509Certificate } from 'node:crypto';
import { samlCertificateMessages } from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';

export interface SigningCertificate {
  /** The certificate as PEM, whatever way it was pasted. */
  pem: string;
  subject: string;
  validTo: Date;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/;

/**
 * The pasted text as PEM: IdPs often show only the base64 body, and a one-line field loses the line breaks, so
 * the body is taken alone and wrapped again.
 */
function asPem(text: string): string {
  const body = (text.match(PEM_BLOCK)?.[1] ?? text).replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const refuse = (message: string) => badRequest(message, [{ field: 'certificate', message }]);

/** What a certificate says of itself (no date check: a saved one is shown even once it has expired). */
export function describeCertificate(text: string): SigningCertificate & { validFrom: Date } {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(asPem(text));
  } catch {
    throw refuse(samlCertificateMessages.unreadable);
  }
  return {
    pem: certificate.toString(),
    subject: certificate.subject.replace(/\n/g, ', '),
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
  };
}

/** The IdP's signing certificate, read with node:crypto; an unreadable, expired or future one is a 400 naming it. */
export function readSigningCertificate(text: string, now = new Date()): SigningCertificate {
  const { validFrom, ...certificate } = describeCertificate(text);
  if (certificate.validTo.getTime() <= now.getTime())
    throw refuse(samlCertificateMessages.expired(day(certificate.validTo)));
  if (validFrom.getTime() > now.getTime()) throw refuse(samlCertificateMessages.notYetValid(day(validFrom)));
  return certificate;
}
