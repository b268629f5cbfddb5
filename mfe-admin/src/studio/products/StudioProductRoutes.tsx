import { useMemo, useState } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFound } from '@catalyst/web-kit';
import { ProductEndpointsProvider, type ProductEndpoints } from '../../products/productEndpoints';
import { ProductFormPage } from '../../products/ProductFormPage';
import { studioProductEndpoints } from './studioProductEndpoints';
import { StudioReviewPanel } from './StudioReviewPanel';

/** /studio/products/:id/edit: the product form and curriculum editor on the creator's draft, then its review. */
function StudioProductEditPage() {
  const { id } = useParams();
  const [saves, setSaves] = useState(0);
  // A saved curriculum is a new draft: the review below reads its status again.
  const endpoints = useMemo<ProductEndpoints>(
    () => ({
      ...studioProductEndpoints,
      saveCurriculum: async (productId, body) => {
        const result = await studioProductEndpoints.saveCurriculum(productId, body);
        setSaves((n) => n + 1);
        return result;
      },
    }),
    [],
  );
  return (
    <ProductEndpointsProvider endpoints={endpoints}>
      <ProductFormPage footer={id ? <StudioReviewPanel productId={id} saves={saves} /> : null} />
    </ProductEndpointsProvider>
  );
}

/** What the studio mounts under /studio/products/*: a creator's new product and the edit of their own. */
export function StudioProductRoutes() {
  return (
    <ProductEndpointsProvider endpoints={studioProductEndpoints}>
      <Routes>
        <Route path="new" element={<ProductFormPage />} />
        <Route path=":id/edit" element={<StudioProductEditPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </ProductEndpointsProvider>
  );
}
