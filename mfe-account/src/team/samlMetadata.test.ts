import { describe, expect, it } from 'vitest';
import { idpFieldsFromMetadata } from './samlMetadata';

const CERT_BODY = 'MIIBszCCAVmgAwIBAgIU'.repeat(5);
const metadata = (
  ssoServices: string,
  keys = `<KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data>
  <ds:X509Certificate>${CERT_BODY}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>`,
) =>
  `<?xml version="1.0"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"
  entityID="https://idp.northwind.example/saml">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ENCRYPTION</ds:X509Certificate>
    </ds:X509Data></ds:KeyInfo></KeyDescriptor>
    ${keys}
    ${ssoServices}
  </IDPSSODescriptor>
</EntityDescriptor>`;

const services = `
  <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.northwind.example/post"/>
  <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.northwind.example/sso"/>`;

describe("reading an IdP's SAML metadata", () => {
  it('finds the entity ID, the HTTP-Redirect SSO URL and the signing certificate as PEM', () => {
    expect(idpFieldsFromMetadata(metadata(services))).toEqual({
      entityId: 'https://idp.northwind.example/saml',
      ssoUrl: 'https://idp.northwind.example/sso',
      certificate: `-----BEGIN CERTIFICATE-----\n${CERT_BODY.slice(0, 64)}\n${CERT_BODY.slice(64)}\n-----END CERTIFICATE-----`,
    });
  });

  it('says what is missing: not XML, no redirect binding, no signing certificate', () => {
    expect(idpFieldsFromMetadata('<EntityDescriptor')).toBe('The metadata is not XML.');
    expect(idpFieldsFromMetadata(metadata(services.split('\n')[1]!))).toBe(
      'The metadata has no single sign-on URL for the HTTP-Redirect binding.',
    );
    expect(idpFieldsFromMetadata(metadata(services, ''))).toBe('The metadata has no signing certificate.');
  });
});
