import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiUrl } from './api-path';
import { imageFileUrl, thumbnailSrcSet } from './images';
import {
  certificateRoutes,
  credentialRoutes,
  downloadRoutes,
  followRoutes,
  liveRoutes,
  routeUrl,
  streamRoutes,
  uploadRoutes,
} from './routes';

describe('addresses of declared routes', () => {
  it('fills the path, encodes each parameter and appends the query, under the API prefix', () => {
    expect(API_PREFIX).toBe('/api/v1');
    expect(routeUrl(liveRoutes.calendar, { params: { productId: 'a/b' } })).toBe(
      '/api/v1/community/live/a%2Fb/calendar.ics',
    );
    expect(routeUrl(followRoutes.unsubscribe, { query: { token: 'p.q' } })).toBe(
      '/api/v1/community/unsubscribe?token=p.q',
    );
    expect(routeUrl(uploadRoutes.createUpload)).toBe('/api/v1/media/uploads');
    expect(routeUrl(credentialRoutes.statusList, { params: { list: 2 } })).toBe(
      '/api/v1/certificates/status-lists/2',
    );
  });

  it('refuses a missing parameter by name', () => {
    expect(() => apiUrl('/media/uploads/:id', { params: {} })).toThrow(
      'Missing path parameter "id" for /media/uploads/:id',
    );
  });

  it("builds the contracts' own image addresses from the declarations", () => {
    const id = 'a'.repeat(24);
    expect(imageFileUrl(id, { width: 640, format: 'webp' })).toBe(`/api/v1/media/images/${id}/w640.webp`);
    expect(thumbnailSrcSet(`/api/v1/media/images/${id}/w640.webp`)).toBe(
      `/api/v1/media/images/${id}/w320.webp 320w, /api/v1/media/images/${id}/w640.webp 640w`,
    );
  });

  it("carries a media file's declared ?token= and gives the certificate PDF its own address", () => {
    const id = 'a'.repeat(24);
    expect(
      routeUrl(streamRoutes.streamFile, { params: { id, file: 'master.m3u8' }, query: { token: 't.u' } }),
    ).toBe(`/api/v1/media/streams/${id}/master.m3u8?token=t.u`);
    expect(
      routeUrl(streamRoutes.renditionFile, {
        params: { id, rendition: '720p', file: 'index.m3u8' },
        query: { token: 't' },
      }),
    ).toBe(`/api/v1/media/streams/${id}/720p/index.m3u8?token=t`);
    expect(routeUrl(downloadRoutes.download, { params: { id }, query: { token: 't' } })).toBe(
      `/api/v1/media/downloads/${id}?token=t`,
    );
    expect(routeUrl(certificateRoutes.pdf, { params: { code: 'ABCDE12345' } })).toBe(
      '/api/v1/certificates/ABCDE12345/pdf',
    );
    expect(routeUrl(credentialRoutes.credential, { params: { code: 'ABCDE12345' } })).toBe(
      '/api/v1/certificates/ABCDE12345/credential',
    );
  });
});
