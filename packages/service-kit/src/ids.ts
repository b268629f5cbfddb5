import { randomBytes } from 'node:crypto';

/** A new entity id: 24 lowercase hex characters (architecture: fixed conventions). */
export const newObjectId = (): string => randomBytes(12).toString('hex');

export const isObjectId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);
