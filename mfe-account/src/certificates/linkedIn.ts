import type { Certificate } from '@catalyst/contracts';

/** LinkedIn's "Add to profile" form for a certification, filled in (it opens on the learner's own profile). */
export const LINKEDIN_ADD_TO_PROFILE = 'https://www.linkedin.com/profile/add';

/**
 * The address that opens LinkedIn's certification form with this certificate: the course as its name, the
 * site as the issuing organization, the month it was earned (UTC), the public verification page and the code.
 */
export function linkedInAddToProfileUrl(
  certificate: Pick<Certificate, 'courseTitle' | 'completedAt' | 'verifyUrl' | 'code'>,
  organizationName: string,
): string {
  const earned = new Date(certificate.completedAt);
  const fields: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', certificate.courseTitle],
    ['organizationName', organizationName],
    ['issueYear', String(earned.getUTCFullYear())],
    ['issueMonth', String(earned.getUTCMonth() + 1)],
    ['certUrl', certificate.verifyUrl],
    ['certId', certificate.code],
  ];
  return `${LINKEDIN_ADD_TO_PROFILE}?${fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
