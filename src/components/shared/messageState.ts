import { createContext, useContext } from 'react'

/** What a part may need to know of the message it is in. */
export interface MessageState {
  /**
   * The reply failed or was stopped (its info has an error): a tool it left pending or running
   * will not finish, and shows as interrupted.
   */
  failed: boolean
}

/** Set by `MessageView` for its parts; a part rendered on its own is in no failed message. */
export const MessageStateContext = createContext<MessageState>({ failed: false })

/** The state of the message a part is in. */
export const useMessageState = (): MessageState => useContext(MessageStateContext)
