// Public entry of the search module (see accounts/index.ts for the rule): the app's search index
// (registered by modules/index.ts, its gauges read by plugins/observability.ts, its readiness by
// modules/health); its routes are registered by modules/index.ts.
export {
  searchIndexBytes,
  searchIndexPlugin,
  searchIndexProducts,
  searchIndexReadiness,
} from './search.index-holder';
