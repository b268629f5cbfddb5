// A certificate as the API answers it, for the tests of the pages that show one.
import type { Certificate } from '@catalyst/contracts';

const CODE = 'K7M2Q9XW4R';

export const certificate: Certificate = {
  code: CODE,
  learnerName: 'Maya Member',
  productId: 'a'.repeat(24),
  productSlug: 'css-grid-layout-workshop',
  courseTitle: 'CSS Grid Layout Workshop',
  creatorName: 'Rachel Andrew',
  hours: 1.5,
  completedAt: '2026-03-04T15:30:00.000Z',
  issuedAt: '2026-03-04T15:30:01.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: `https://learn.example.com/certificates/${CODE}`,
  pdfUrl: `https://learn.example.com/api/v1/certificates/${CODE}.pdf`,
  credentialUrl: `https://learn.example.com/api/v1/certificates/${CODE}/credential`,
};
