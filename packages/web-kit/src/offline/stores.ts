// The lazily loaded half of the offline layer (see lazy.ts): everything that touches IndexedDB or Cache Storage.
export { keptAnswers } from './answers';
export { writeQueue } from './queue';
export { downloadStore } from './downloadStore';
export { personKey } from './keys';
export { rememberedUserStore } from './rememberedUserStore';
