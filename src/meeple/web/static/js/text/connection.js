// The connection's strings: what the table says while the server restarts or the network
// is gone (a pause, not an error: the move waits and is sent again under the same key).
export const CONNECTION_TEXT = {
  en: {
    connReconnecting: "Reconnecting…",
    connMoveKept: "Your move is kept and will be sent as soon as the server answers.",
    connPaused: "The server is restarting or out of reach; the table catches up when it is back.",
  },
  ru: {
    connReconnecting: "Переподключение…",
    connMoveKept: "Ваш ход сохранён и будет отправлен, как только сервер ответит.",
    connPaused: "Сервер перезапускается или недоступен; стол догонит игру, когда связь вернётся.",
  },
};
