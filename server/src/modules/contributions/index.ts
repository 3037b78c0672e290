// The module's public entry (decision 0038): what app.ts and the other modules use.
export { contributionRoutes } from './routes';
export {
  checkOnlineContribution,
  recordContribution,
  type ContributionAuthor,
  type NewContribution,
  type OnlineGift,
} from './service';
export { getContribution } from './queries';
