/**
 * Web Push (push/), as the other domains use it: the sender that tells a person's subscribed
 * devices (check-ins, an emergency request), and the store of their subscriptions (an emergency
 * setting says whether the owner would be told). Other domains reach this one only through this file
 * (issue 42, `.dependency-cruiser.cjs`).
 */
export { type PushSender } from './sender';
export { type AsyncPushStore } from './push-store';
