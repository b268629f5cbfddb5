// hls.js's light build (no subtitles, alternate audio or DRM: the player needs none of them) has the full build's types.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
