// renderer/ipc/parley.ts reads `window.parley`, and the renderer modules tested here
// import it. The Node typecheck that covers test/ has no DOM library, and adding it
// would hide DOM use in main/; so only this one global is declared, typed by the
// renderer's own `Window` (which holds `parley` and nothing else here).
declare const window: Window;
// stores/navigation.ts (which the outbox store imports) reports focus and visibility;
// those two members alone, for the same reason.
declare const document: { hasFocus(): boolean; visibilityState: string };
