// Async boundary for standalone use: shared singletons are negotiated before bootstrap runs.
import('./bootstrap');
