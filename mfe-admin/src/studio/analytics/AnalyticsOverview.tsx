import { Link } from 'react-router-dom';
import { api, useApiData, useDocumentTitle } from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';
import { AnalyticsReadState } from './AnalyticsReadState';
import { RangePicker } from './RangePicker';
import { formatMinutes, useStudioRange } from './useStudioRange';

/** /studio/analytics: each of the creator's items with its minutes watched and completions over the period. */
export function AnalyticsOverview() {
  useDocumentTitle('Analytics');
  const [days, setDays] = useStudioRange();
  const read = useApiData(api.studioAnalytics.overview, { query: { days } });
  const items = read.data?.items ?? [];
  const total = items.reduce((sum, item) => sum + item.minutes, 0);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Analytics</h1>
          <p className={styles.subtitle}>
            Minutes watched at real speed and completions over the period; learners and average percent
            watched over all time.
          </p>
        </div>
        <RangePicker days={days} onChange={setDays} />
      </header>
      <StudioNav />
      <AnalyticsReadState read={read} />
      {read.data && items.length === 0 ? <p className={styles.empty}>No products yet.</p> : null}
      {items.length > 0 ? (
        <>
          <p className={styles.statLabel} data-testid="studio-minutes-total">
            {formatMinutes(total)} minutes watched in the last {days} days
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="ck-visually-hidden">Your products over the last {days} days</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Minutes watched</th>
                  <th scope="col">Completions</th>
                  <th scope="col">Learners</th>
                  <th scope="col">Average watched</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.productId} data-testid="studio-analytics-row">
                    <th scope="row">
                      <Link to={`/studio/analytics/${item.productId}?days=${days}`}>{item.title}</Link>
                    </th>
                    <td>{formatMinutes(item.minutes)}</td>
                    <td>{item.completions}</td>
                    <td>{item.learners}</td>
                    <td>{item.percentAverage}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
