// The "notifications" namespace in all 7 locales (files: locales/<lang>/notifications.json).
import zh from '../../locales/zh/notifications.json' with { type: 'json' };
import en from '../../locales/en/notifications.json' with { type: 'json' };
import hk from '../../locales/hk/notifications.json' with { type: 'json' };
import jp from '../../locales/jp/notifications.json' with { type: 'json' };
import kor from '../../locales/kor/notifications.json' with { type: 'json' };
import th from '../../locales/th/notifications.json' with { type: 'json' };
import ind from '../../locales/ind/notifications.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
