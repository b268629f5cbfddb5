// No imports: the Lighthouse bench (bench/lighthouse.ts) opens the player with this choice already made.

/** localStorage key of the learning tools' tab a learner last chose: 'notes' or 'transcript'. */
export const LEARNING_TAB_STORAGE_KEY = 'catalyst-learning-tab';
