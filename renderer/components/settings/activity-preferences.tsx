import { CATALOGUE_EVENT_TYPES, type Settings } from '../../../shared/model/settings.ts';
import { activityTitle } from '../activity/event-types.ts';
import { updateSettings } from '../../stores/settings-update.ts';

/** Which events raise a desktop notification, and whether orders offer a chat with the customer. */
export function ActivityPreferences({ settings }: { settings: Settings }) {
  const { notify, messageCustomer } = settings.webhooks;
  return (
    <>
      <fieldset className="event-types">
        <legend>Desktop notifications for</legend>
        {!settings.notifications && (
          <p className="hint">
            Desktop notifications are off for all of Parley (see Notifications).
          </p>
        )}
        {CATALOGUE_EVENT_TYPES.map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              checked={notify[type] ?? false}
              onChange={(event) =>
                void updateSettings({
                  webhooks: { notify: { ...notify, [type]: event.target.checked } },
                })
              }
            />
            {activityTitle(type)}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={messageCustomer}
          onChange={(event) =>
            void updateSettings({ webhooks: { messageCustomer: event.target.checked } })
          }
        />
        Offer “Message customer” on orders (opens the conversation with the contact whose id is the
        order’s customer id)
      </label>
    </>
  );
}
