/** The longest channel folder name the server stores, in characters (`ChannelFolder.MAX_NAME_LENGTH`). */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;

/** The longest channel folder description, in characters (`ChannelFolder.MAX_DESCRIPTION_LENGTH`). */
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
