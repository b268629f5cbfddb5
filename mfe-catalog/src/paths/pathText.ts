import type { Difficulty } from '@catalyst/contracts';

export const LEVELS: Record<Difficulty, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

export const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
export const hoursText = (hours: number) => `About ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
