// Public entry of the search module (see accounts/index.ts for the rule): the app's search index
// (registered by modules/index.ts, its gauge read by plugins/observability.ts); its routes are
// registered by modules/index.ts.
export { searchIndexPlugin, searchIndexProducts } from './search.index-holder';
