/**
 * Default texts of the on-sale waiting room: the event page's countdown and the line's page.
 * Spread into strings.ts's defaultStrings; a tenant overrides any of them.
 */
export const waitingRoomStrings = {
  "waitingRoom.title": "In line for {event}",
  "waitingRoom.opensAt": "Tickets go on sale on {when}.",
  "waitingRoom.countdown": "The sale opens in {time}.",
  "waitingRoom.fair":
    "Everyone who is here before the sale opens gets a random place in line when it opens, so there is no need to refresh.",
  "waitingRoom.join": "Wait in line",
  "waitingRoom.placing": "The sale is open. Finding your place in line…",
  "waitingRoom.position": "Your place in line: {position}",
  "waitingRoom.estimate": "Estimated wait: about {minutes} min.",
  "waitingRoom.estimateSoon": "Estimated wait: less than a minute.",
  "waitingRoom.paused": "The line is paused for a moment. You keep your place.",
  "waitingRoom.keep":
    "Keep this page open: it moves by itself. You keep your place if you reload it or open another tab.",
  "waitingRoom.admitted": "It's your turn. You have {minutes} minutes to choose your tickets.",
  "waitingRoom.continue": "Choose your tickets",
  "waitingRoom.retrying": "We could not reach the line. Trying again…",
} as const;
