// The "apikeys" namespace in all 7 locales (files: locales/<lang>/apikeys.json).
import zh from '../../locales/zh/apikeys.json' with { type: 'json' };
import en from '../../locales/en/apikeys.json' with { type: 'json' };
import hk from '../../locales/hk/apikeys.json' with { type: 'json' };
import jp from '../../locales/jp/apikeys.json' with { type: 'json' };
import kor from '../../locales/kor/apikeys.json' with { type: 'json' };
import th from '../../locales/th/apikeys.json' with { type: 'json' };
import ind from '../../locales/ind/apikeys.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
