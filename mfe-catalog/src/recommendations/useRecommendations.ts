import { api, useApiData } from '@catalyst/web-kit';

/** The dashboard's recommendation rows (each with its heading and why it is shown). */
export function useRecommendations() {
  const result = useApiData(api.recommendation.rows);
  return { ...result, rows: result.data?.rows ?? [] };
}
