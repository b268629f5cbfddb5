/**
 * Runs `step`, and again when Postgres picked it to fail a deadlock (40P01), up to `attempts` times with a short
 * random wait. For steps safe to repeat whose deadlock is expected, such as two processes starting together and
 * creating the same pg-boss queue (both attach the queue's partition: one of them fails, then finds it made).
 */
export async function retryOnDeadlock<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
