// Player control icons as inline SVG, so they render the same on every system (no emoji font needed). Each is
// memoised: they take no props, so the player's renders (every time update while it plays, every answer of its
// page) leave them alone.
import { memo, type ReactElement } from 'react';

const icon = (path: ReactElement) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

export const PlayIcon = memo(function PlayIcon() {
  return icon(
    <path d="M8 5.14v13.72a1 1 0 0 0 1.5.86l11-6.86a1 1 0 0 0 0-1.72l-11-6.86A1 1 0 0 0 8 5.14Z" />,
  );
});
export const PauseIcon = memo(function PauseIcon() {
  return icon(<path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />);
});
const speaker = 'M4 9.5v5h3.5L12 19V5L7.5 9.5H4Z';
export const VolumeMutedIcon = memo(function VolumeMutedIcon() {
  return icon(
    <>
      <path d={speaker} />
      <path
        d="m15.5 9.5 5 5m0-5-5 5"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </>,
  );
});
export const VolumeLowIcon = memo(function VolumeLowIcon() {
  return icon(
    <>
      <path d={speaker} />
      <path d="M15 9a4 4 0 0 1 0 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </>,
  );
});
export const VolumeHighIcon = memo(function VolumeHighIcon() {
  return icon(
    <>
      <path d={speaker} />
      <path
        d="M15 9a4 4 0 0 1 0 6M17.5 6.5a7.5 7.5 0 0 1 0 11"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </>,
  );
});
export const FullscreenIcon = memo(function FullscreenIcon() {
  return icon(
    <path
      d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      fill="none"
    />,
  );
});
export const ExitFullscreenIcon = memo(function ExitFullscreenIcon() {
  return icon(
    <path
      d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      fill="none"
    />,
  );
});
