/** The back office's on-sale waiting rooms: the rooms with their live figures, and pause, resume and the rate. */

export {
  pauseWaitingRoom,
  resumeWaitingRoom,
  setWaitingRoomRate,
  type WaitingRoomChange,
} from "./actions.ts";
export * from "./schemas.ts";
export { type WaitingRoomFigures, type WaitingRoomView, waitingRoomsOf } from "./view.ts";
