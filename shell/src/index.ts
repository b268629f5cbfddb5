// Async boundary: shared singletons (react, router, web-kit) are negotiated before any app code runs.
import('./bootstrap');
