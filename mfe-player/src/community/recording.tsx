import type { LiveSession } from '@catalyst/contracts';
import { playerStrings } from '../i18n/en';
import { VideoPlayer } from '../player/VideoPlayer';

type Recording = NonNullable<LiveSession['recording']>;

/** A live session's recording in the player's own HLS player (handed to the community remote's LiveBoard). */
export function renderRecording(recording: Recording, title: string) {
  return (
    <VideoPlayer
      src={null}
      stream={{
        assetId: recording.assetId,
        url: recording.streamUrl,
        posterUrl: recording.posterUrl,
        storyboardUrl: null,
        renditions: [],
        durationSeconds: null,
      }}
      poster={recording.posterUrl}
      title={playerStrings.t('player.recording', { title })}
    />
  );
}
