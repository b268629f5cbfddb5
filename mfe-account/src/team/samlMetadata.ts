import { accountStrings, type AccountText } from '../i18n/en';

/** What the SAML settings need of an IdP's metadata XML. */
export interface IdpMetadataFields {
  entityId: string;
  ssoUrl: string;
  certificate: string;
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/**
 * The IdP's entity ID, its HTTP-Redirect single sign-on URL and its signing certificate (as PEM), read from its
 * metadata XML with the browser's own parser; a string saying what is missing when it cannot be used.
 */
export function idpFieldsFromMetadata(
  xml: string,
  t: AccountText = accountStrings.t,
): IdpMetadataFields | string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return t('saml.notXml');
  const entity = doc.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = entity?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) return t('saml.noIdp');
  const sso = [...idp.getElementsByTagNameNS(MD, 'SingleSignOnService')].find(
    (service) => service.getAttribute('Binding') === REDIRECT,
  );
  if (!sso?.getAttribute('Location')) return t('saml.noSsoUrl');
  const signing = [...idp.getElementsByTagNameNS(MD, 'KeyDescriptor')].find(
    (key) => (key.getAttribute('use') ?? 'signing') === 'signing',
  );
  const body = signing?.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '');
  if (!body) return t('saml.noCertificate');
  return {
    entityId: entity.getAttribute('entityID') ?? '',
    ssoUrl: sso.getAttribute('Location')!,
    certificate: `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`,
  };
}
