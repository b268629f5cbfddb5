import { Link } from 'react-router-dom';
import { api, formatCount, formatPercent, useApiData, useDocumentTitle, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';
import { AnalyticsReadState } from './AnalyticsReadState';
import { RangePicker } from './RangePicker';
import { formatMinutes, useStudioRange } from './useStudioRange';

/** /studio/analytics: each of the creator's items with its minutes watched and completions over the period. */
export function AnalyticsOverview() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.nav.analytics'));
  const [days, setDays] = useStudioRange();
  const read = useApiData(api.studioAnalytics.overview, { query: { days } });
  const items = read.data?.items ?? [];
  const total = items.reduce((sum, item) => sum + item.minutes, 0);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.nav.analytics')}</h1>
          <p className={styles.subtitle}>{t('studio.analytics.subtitle')}</p>
        </div>
        <RangePicker days={days} onChange={setDays} />
      </header>
      <StudioNav />
      <AnalyticsReadState read={read} />
      {read.data && items.length === 0 ? <p className={styles.empty}>{t('studio.analytics.empty')}</p> : null}
      {items.length > 0 ? (
        <>
          <p className={styles.statLabel} data-testid="studio-minutes-total">
            {t('studio.analytics.total', { minutes: formatMinutes(total), days })}
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="ck-visually-hidden">{t('studio.analytics.caption', { days })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('studio.analytics.product')}</th>
                  <th scope="col">{t('studio.analytics.minutes')}</th>
                  <th scope="col">{t('studio.analytics.completions')}</th>
                  <th scope="col">{t('studio.analytics.learners')}</th>
                  <th scope="col">{t('studio.analytics.average')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.productId} data-testid="studio-analytics-row">
                    <th scope="row">
                      <Link to={`/studio/analytics/${item.productId}?days=${days}`}>{item.title}</Link>
                    </th>
                    <td>{formatMinutes(item.minutes)}</td>
                    <td>{formatCount(item.completions)}</td>
                    <td>{formatCount(item.learners)}</td>
                    <td>{formatPercent(item.percentAverage)}</td>
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
