import { act, render, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloads, publishDownloads, useDownloadedCopy, type DownloadItem } from './downloads';

const saved = (id: string): DownloadItem => ({
  id,
  productId: 'p1',
  title: `Lesson ${id}`,
  pagePath: `/browse/premium/product/p1/lesson/${id}`,
  videoPath: `/offline-downloads/h1/${id}`,
  bytes: 1000,
  savedAt: 1,
  premium: false,
});

/** A lesson's stage: its saved copy while wanted, else the stream. */
function Stage({ id }: { id: string }) {
  const copy = useDownloadedCopy(id, true);
  return <p>{copy ? `Playing the saved copy ${copy}` : 'Streaming'}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  publishDownloads({ ready: false, items: [] });
});

describe("a lesson's saved copy", () => {
  it('renders the lesson again only when its own copy is saved, not when the list is read or another is saved', async () => {
    vi.spyOn(downloads, 'playableUrl').mockImplementation(async (id) => `/offline-downloads/h1/${id}`);
    let commits = 0;
    const { container } = render(
      <Profiler id="lesson" onRender={() => void (commits += 1)}>
        <Stage id="l1" />
      </Profiler>,
    );
    expect(container.textContent).toBe('Streaming');
    act(() => publishDownloads({ ready: true, items: [] }));
    act(() => publishDownloads({ ready: true, items: [saved('l2')] }));
    expect(commits).toBe(1);
    act(() => publishDownloads({ ready: true, items: [saved('l2'), saved('l1')] }));
    await waitFor(() =>
      expect(container.textContent).toBe('Playing the saved copy /offline-downloads/h1/l1'),
    );
    expect(downloads.playableUrl).toHaveBeenCalledWith('l1');
  });
});
