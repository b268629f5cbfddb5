import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assetRoutes } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { readyVideo } from '../testing/mediaAsset';
import { CaptionsUploadField } from './CaptionsUploadField';

const ID = 'd'.repeat(24);
const video = (captionsUrl: string | null) => readyVideo(ID, { captionsUrl });
const SRT = '1\n00:00:01,000 --> 00:00:02,000\nHello\n';
const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('Captions (WebVTT or SRT)'), {
    target: { files: [new File([text], name, { type: 'application/x-subrip' })] },
  });

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the lesson editor's captions upload", () => {
  it('sends the chosen SRT file to media and says how many cues were kept', async () => {
    let captioned = false;
    const fake = fakeApi()
      .on(assetRoutes.getAsset, () =>
        video(captioned ? `/api/v1/media/streams/${ID}/captions.vtt?token=t` : null),
      )
      .on(assetRoutes.putCaptions, () => {
        captioned = true;
        return { assetId: ID, cues: 1, captionsUrl: `/api/v1/media/streams/${ID}/captions.vtt?token=t` };
      });
    render(<CaptionsUploadField assetId={ID} />);
    expect(await screen.findByText(/This video has no captions yet\./)).toBeDefined();
    choose('lesson.srt', SRT);
    expect(await screen.findByText('Captions saved from lesson.srt: 1 cue.')).toBeDefined();
    expect(fake.callsTo(assetRoutes.putCaptions)[0]).toMatchObject({
      method: 'PUT',
      path: `/media/assets/${ID}/captions`,
      body: { fileName: 'lesson.srt', text: SRT },
    });
    expect(await screen.findByText(/This video has captions: a new file replaces them\./)).toBeDefined();
  });

  it('sends the language chosen for the captions with the file', async () => {
    const fake = fakeApi()
      .on(assetRoutes.getAsset, video(null))
      .on(assetRoutes.putCaptions, {
        assetId: ID,
        cues: 1,
        captionsUrl: `/api/v1/media/streams/${ID}/captions.vtt?token=t`,
      });
    render(<CaptionsUploadField assetId={ID} />);
    const language = await screen.findByLabelText('Language of the captions');
    await waitFor(() => expect((language as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(language, { target: { value: 'es' } });
    choose('clase.srt', SRT);
    expect(await screen.findByText('Captions saved from clase.srt: 1 cue.')).toBeDefined();
    expect(fake.callsTo(assetRoutes.putCaptions)[0]!.body).toEqual({
      fileName: 'clase.srt',
      text: SRT,
      language: 'es',
    });
  });

  it('shows the line media says is wrong', async () => {
    fakeApi()
      .on(assetRoutes.getAsset, video(null))
      .on(
        assetRoutes.putCaptions,
        failure(400, 'Line 2: expected a cue timing such as 00:00:01,000 --> 00:00:04,000'),
      );
    render(<CaptionsUploadField assetId={ID} />);
    await screen.findByText(/This video has no captions yet\./);
    choose('broken.srt', '1\n00:00:01 -> 2\nHello\n');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'broken.srt: Line 2: expected a cue timing such as 00:00:01,000 --> 00:00:04,000',
    );
  });

  it('asks for a video first', () => {
    render(<CaptionsUploadField assetId="" />);
    expect(screen.getByText('Upload or choose a video to add its captions.')).toBeDefined();
  });
});
