import { Resolver } from 'node:dns/promises';
import {
  ssoDomainMessages,
  ssoVerificationRecordName,
  ssoVerificationRecordValue,
} from '@catalyst/contracts';

/** Answers the TXT values published at a domain's verification name (codes NODATA/NOTFOUND mean none). */
async function txtValues(servers: string[] | undefined, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  const records = await resolver.resolveTxt(name);
  // A long TXT value arrives in 255-byte strings: joined, it is the one value published.
  return records.map((chunks) => chunks.join(''));
}

/**
 * Why the domain's DNS does not prove `token`, or undefined when it does: the owner published
 * `_catalyst-verification.<domain>` TXT `catalyst-verification=<token>`.
 */
export async function verificationProblem(
  servers: string[] | undefined,
  domain: string,
  token: string,
): Promise<string | undefined> {
  let values: string[];
  try {
    values = await txtValues(servers, ssoVerificationRecordName(domain));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    if (code === 'ENODATA' || code === 'ENOTFOUND') return ssoDomainMessages.noRecord(domain);
    return ssoDomainMessages.lookupFailed(domain, code);
  }
  if (values.includes(ssoVerificationRecordValue(token))) return undefined;
  const ours = values.filter((value) => value.startsWith('catalyst-verification='));
  if (ours.length === 0) return ssoDomainMessages.noRecord(domain);
  return ssoDomainMessages.wrongValue(domain, ours);
}
