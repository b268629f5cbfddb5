import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { GiftBuyPage } from './GiftBuyPage';
import { GiftRedeemPage } from './GiftRedeemPage';

/** What the shell mounts under /gift/*: buying a gift (/gift) and redeeming one (/gift/{code}). */
export default function GiftRoutes() {
  return (
    <div data-testid={remoteTestId('account')}>
      <Routes>
        <Route index element={<GiftBuyPage />} />
        <Route path=":code" element={<GiftRedeemPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
