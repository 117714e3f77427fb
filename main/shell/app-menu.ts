import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The platform's standard menus, built from roles so copy, paste, undo, zoom
 * and window shortcuts behave as users expect (on macOS they exist only
 * through the menu). No reload or developer tools in a packaged build. Help
 * opens the keyboard shortcuts. The page answers Ctrl/Cmd+/ itself too: which
 * of the two sees the key first differs by platform, and both open the same
 * dialog, so the key does the same wherever it lands.
 */
export function installAppMenu(packaged: boolean, showShortcuts: () => void): void {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(packaged
          ? []
          : ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const)),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: 'Keyboard Shortcuts', accelerator: 'CmdOrCtrl+/', click: showShortcuts }],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
